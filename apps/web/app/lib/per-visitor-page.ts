/**
 * The `headers` of a page that shows what the visitor's cookies hold (their cart). The server
 * shares one render of every other page among visitors without a session (the browser fills
 * in the cart count and the like); `Vary: Cookie` makes it render this one for each visitor
 * who has cookies, and tells any cache on the way the same.
 */
export function perVisitorPageHeaders(): HeadersInit {
  return { Vary: 'Cookie' };
}
