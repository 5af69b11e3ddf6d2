/**
 * Sets a cookie from the browser for the whole site. SameSite=Lax keeps it off cross-site
 * requests; Secure is added on HTTPS (plain-HTTP development would drop a Secure cookie).
 */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}
