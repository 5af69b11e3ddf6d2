/**
 * What browsers send as Accept-Encoding. Every bench request takes compressed answers, as a
 * visitor's would: the server's costs (a cached page sent as stored, a new one compressed once)
 * are the ones real traffic pays.
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
