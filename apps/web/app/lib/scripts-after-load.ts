/**
 * The app's code starts after the page has loaded (decision 009).
 *
 * React Router writes a modulepreload link for every module a page needs and one module script
 * that imports them and hydrates. Left as they are, they are fetched at once, while the page's
 * stylesheet, font and largest picture are still on the way, and on a slow connection they share
 * its bandwidth: the server-rendered page, which reads and navigates without code, paints later.
 * So the server entry writes both inert (`holdScriptsUntilLoad`, in the .server module), and `START_HELD_SCRIPTS`, an
 * inline script at the end of the body, turns them back into the real thing once the window has
 * loaded (the stylesheet, the font and every eager picture are in) and the browser has reported
 * the page as painted, or after `HELD_SCRIPTS_LATEST_START_MS` at most, so a picture that never
 * arrives cannot keep the page without its code. Client-side navigations afterwards are not
 * affected.
 */

/** What a held modulepreload link's rel becomes: browsers ignore a rel they do not know. */
export const HELD_MODULEPRELOAD_REL = 'labshop-held-modulepreload';
/** What the held module script's type becomes: browsers do not run a script of unknown type. */
export const HELD_MODULE_TYPE = 'labshop/held-module';
/**
 * How long after the pictures have decoded the code starts when the page was painted before and
 * no larger paint is reported.
 */
export const HELD_SCRIPTS_AFTER_DECODE_MS = 250;
/** The longest the code waits for all of that, from when the page was parsed. */
export const HELD_SCRIPTS_LATEST_START_MS = 3000;

/**
 * Browser code, inlined with the page's nonce: after load and the paint that follows, makes a real
 * modulepreload link for each held one, then a real module script (same code, same nonce) for
 * each held one. Written as plain ES5 source because it runs before any of the app's code.
 */
export const START_HELD_SCRIPTS = `(function () {
  var nonce = document.currentScript && document.currentScript.nonce;
  var started = false;
  var decodedAt = -1;
  var paints = null;
  function start() {
    if (started) return;
    started = true;
    if (paints) paints.disconnect();
    var links = document.querySelectorAll('link[rel="${HELD_MODULEPRELOAD_REL}"]');
    for (var i = 0; i < links.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = links[i].getAttribute('href');
      if (nonce) link.nonce = nonce;
      document.head.appendChild(link);
    }
    var held = document.querySelectorAll('script[type="${HELD_MODULE_TYPE}"]');
    for (var j = 0; j < held.length; j++) {
      var script = document.createElement('script');
      script.type = 'module';
      if (nonce) script.nonce = nonce;
      script.textContent = held[j].textContent;
      held[j].parentNode.insertBefore(script, held[j]);
      held[j].remove();
    }
  }
  // The browser reports each larger paint once it is on screen. One reported after the
  // pictures have decoded means the page as loaded is showing. A page that was painted before
  // (its largest part already on screen) gets a short wait for a larger paint; a page not yet
  // painted at all (a busy machine) waits for its first paint.
  var painted = false;
  var waitArmed = false;
  function waitBrieflyForLargerPaint() {
    if (waitArmed) return;
    waitArmed = true;
    setTimeout(start, ${HELD_SCRIPTS_AFTER_DECODE_MS});
  }
  try {
    paints = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      var last = entries[entries.length - 1];
      if (!last) return;
      painted = true;
      if (decodedAt < 0) return;
      if (last.startTime >= decodedAt) start();
      else waitBrieflyForLargerPaint();
    });
    paints.observe({ type: 'largest-contentful-paint', buffered: true });
  } catch (unsupported) {
    paints = null;
  }
  // Pictures load before the load event but may decode and paint after it.
  function afterLoad() {
    var decoding = [];
    for (var k = 0; k < document.images.length; k++) {
      var image = document.images[k];
      if (image.complete) decoding.push(image.decode().catch(function () {}));
    }
    Promise.all(decoding).then(function () {
      decodedAt = performance.now();
      // Without paint reports (browsers that have none) there is nothing to wait for.
      if (painted || !paints) waitBrieflyForLargerPaint();
    });
  }
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
  setTimeout(start, ${HELD_SCRIPTS_LATEST_START_MS});
})();`;
