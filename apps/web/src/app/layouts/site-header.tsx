import { Button, Container, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { paths } from '../../config/paths.ts';
import { i18n, useTranslation } from '../../lib/i18n.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { LanguageSwitch } from './language-switch.tsx';
import classes from './site-header.module.css';

/*
 * The logged-in bar (menu, popover, avatar, the dashboard call) loads only for someone logged in; its strings
 * (accounts) are requested with its code rather than after it.
 */
const AccountBar = lazy(async () => {
  void i18n.loadNamespaces('accounts');
  const [bar, { withQueries }] = await Promise.all([
    import('../../features/accounts/components/account-bar.tsx'),
    import('../query-layer.tsx'),
  ]);
  return { default: withQueries(bar.AccountBar) };
});

/** Spec §2: the logo starts over. The booking store is not the shell's: it loads when needed, as here on a click. */
function resetBooking(): void {
  void import('../../stores/booking-store.ts').then(({ useBookingStore }) => useBookingStore.getState().reset());
}

/**
 * Spec §2: the logo, the language switch, and either the login and register links (logged out) or the
 * notification bell, the user menu and the exit link (logged in).
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.bar}>
        {/* Spec §2: the logo starts over, so it also drops a booking in progress. */}
        <Link to={paths.home} onClick={resetBooking} aria-label={t('header.homeLink')} className={classes.logo}>
          <BrandMark />
        </Link>
        <Group gap={6} wrap="nowrap">
          <LanguageSwitch />
          <nav aria-label={t('header.accountNav')}>
            {user ? (
              <Suspense fallback={<div className={classes.accountPlaceholder} />}>
                <AccountBar user={user} />
              </Suspense>
            ) : (
              <Group gap={6} wrap="nowrap">
                <Button component={Link} to={paths.login} variant="subtle" px={{ base: 8, xs: 'sm' }}>
                  {t('header.login')}
                </Button>
                <Button component={Link} to={paths.register} px={{ base: 10, xs: 'sm' }}>
                  {t('header.register')}
                </Button>
              </Group>
            )}
          </nav>
        </Group>
      </Container>
    </header>
  );
}
