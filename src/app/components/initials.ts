/**
 * Avatar initials that also work for Chinese names (Fluent derives initials from Latin
 * words only and shows a blank icon otherwise): the first character of a CJK name, else
 * undefined to let Fluent do its usual.
 */
export function avatarInitials(name: string): string | undefined {
  const first = name.trim().charAt(0);
  return /[\u3400-\u9fff\uf900-\ufaff]/.test(first) ? first : undefined;
}
