import { Component, type ReactNode } from 'react';
import { ServerErrorPage } from '../../features/system/pages/server-error-page.tsx';

type Props = { /** Changes with every navigation: the next page gets its own try. */ resetKey: string; children: ReactNode };
type State = { failed: boolean; resetKey: string };

/**
 * Shows the server-error screen in place of a page that failed to load (its chunk or strings) or to render, inside the
 * layout so the header and footer stay and the person can go elsewhere; a navigation tries again.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <ServerErrorPage /> : this.props.children;
  }
}
