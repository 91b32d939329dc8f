import { Avatar, type AvatarProps } from '@mantine/core';
import './account-bar-styles.ts';

/** Initials of a name: its first and last words ("Nguyễn Văn An" → "NA"). */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** The person's picture, or their initials when they have none (or it cannot be loaded). */
export function UserAvatar({
  fullName,
  urlImage,
  ...props
}: { fullName: string; urlImage: string | null } & Omit<AvatarProps, 'src' | 'alt'>) {
  return (
    <Avatar src={urlImage} alt={fullName} color="brand" variant="filled" {...props}>
      {initialsOf(fullName)}
    </Avatar>
  );
}
