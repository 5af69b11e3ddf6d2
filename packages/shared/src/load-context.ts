/**
 * What the server hands to the web app's loaders and actions during server rendering. The web
 * app never imports server code; it reaches the API through `apiFetch`, which on the server is
 * an in-process call through the same routes, validation and auth as a browser's request.
 */
// A type alias, not an interface: React Router's AppLoadContext is an index signature, which
// only aliases satisfy implicitly.
export type ServerLoadContext = {
  /** Calls the shop's own API (a path such as '/api/products') as the visitor of this request. */
  apiFetch(path: string, init?: RequestInit): Promise<Response>;
  /** This response's Content-Security-Policy nonce, for inline scripts. */
  cspNonce: string;
  /** Settings the browser may see; nothing secret goes here. */
  publicConfig: PublicConfig;
};

export interface PublicConfig {
  /** The site origin as visitors see it, e.g. https://shop.example.com. */
  publicUrl: string;
  /** The admin sidebar's external Analytics entry (ANALYTICS_URL); null hides it. */
  analyticsUrl: string | null;
  /** Where the shop's file storage serves images ('/uploads/' or a bucket/CDN URL). */
  storageBaseUrl: string;
  /** The reCAPTCHA v3 site key (RECAPTCHA_SITE_KEY); null when the captcha is off. */
  recaptchaSiteKey: string | null;
  /** The reCAPTCHA script, loaded with `?render=<site key>` (RECAPTCHA_SCRIPT_URL). */
  recaptchaScriptUrl: string;
  /** Leaflet's tile URL template with {z}/{x}/{y} (MAP_TILE_URL). */
  mapTileUrl: string;
  /** The map's attribution HTML (MAP_ATTRIBUTION), shown bottom-right by Leaflet. */
  mapAttribution: string;
  /** The shop's time zone (SHOP_TIME_ZONE): pages show times in it, on the server and the browser alike. */
  shopTimeZone: string;
  /**
   * The card tokenizer frame's src (CardPointe's hosted iFrame tokenizer, or the sandbox page
   * this server serves) and its origin: the only origin whose token messages are accepted.
   */
  tokenizerUrl: string;
  tokenizerOrigin: string;
}

/**
 * What a page route module says of itself in its `handle` export. The server's page cache keys
 * a shared render by the path and only the query parameters that the matched routes read
 * (`queryParams`; 'all' for routes that pass the whole URL on, such as a return address), so a
 * query string nobody reads neither misses the cache nor makes a new entry. A route that reads
 * a parameter must name it here: the shared render is made without the others.
 */
export interface PageHandle {
  queryParams?: readonly string[] | 'all';
}
