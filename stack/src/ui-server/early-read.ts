import { createHash } from 'node:crypto';

/**
 * Run from the page's <head>, long before the app's scripts have arrived on a slow phone: starts
 * the landing route's first read (the same request as the `Link` preload, so it is fetched once),
 * leaves its answer for the app (`window.__earlyReads`, taken once by the UI's api-client), and
 * asks at once for the listing's first photo, the page's largest paint, which the app would ask for
 * only once it has run. A static text, so the Content-Security-Policy allows it by its hash; the
 * addresses come in data attributes.
 */
export const earlyReadScript =
  '(function(){var s=document.currentScript,u=s.dataset.read,b=s.dataset.base,r=fetch(u);' +
  '(window.__earlyReads=window.__earlyReads||{})[u]=r;' +
  'r.then(function(a){return a.ok?a.clone().json():null}).then(function(d){' +
  'var i=d&&d.result&&d.result[0]&&d.result[0].image;if(typeof i!=="string"||!i)return;' +
  'var l=document.createElement("link");l.rel="preload";l.as="image";l.fetchPriority="high";' +
  'l.href=i.charAt(0)==="/"&&i.charAt(1)!=="/"?b+i:i;document.head.appendChild(l)' +
  '}).catch(function(){})})();';

/** The script-src source that allows the script above, and only it. */
export const earlyReadHash = `'sha256-${createHash('sha256').update(earlyReadScript).digest('base64')}'`;

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the script that reads `base + read` early, placed before the page's title: ahead
 * of the stylesheet, which a classic script would otherwise wait for.
 */
export function withEarlyRead(html: string, base: string, read: string): string {
  const tag = `<script data-read="${attribute(base + read)}" data-base="${attribute(base)}">${earlyReadScript}</script>`;
  const at = html.indexOf('<title>');
  const where = at >= 0 ? at : html.indexOf('</head>');
  return where < 0 ? html : `${html.slice(0, where)}${tag}\n    ${html.slice(where)}`;
}
