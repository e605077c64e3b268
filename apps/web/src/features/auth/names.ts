/** The e-mail's local part ('jane.doe' for 'jane.doe@example.com'); '' when there is none. */
export function nicknameFromEmail(email: string): string {
  const at = email.trim().lastIndexOf('@');
  return at > 0 ? email.trim().slice(0, at) : '';
}
