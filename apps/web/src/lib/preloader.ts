/**
 * The preloader in index.html covers the page until the app has rendered. Pages that
 * finish work first (autologin with a state, social sign-in callback) hide it themselves.
 */
export function hidePreloader(): void {
  const element = document.getElementById('preloader');
  if (!element || element.dataset.state === 'hidden') return;
  element.dataset.state = 'hidden';
  element.setAttribute('aria-hidden', 'true');
  window.setTimeout(() => element.remove(), 300);
}
