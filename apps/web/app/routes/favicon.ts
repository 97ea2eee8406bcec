const heart =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#b82d58" d="M12 21s-7.5-4.6-9.8-9.1C.6 8.7 2.5 5 6.2 5c2.2 0 3.6 1.2 4.5 2.5h2.6C14.2 6.2 15.6 5 17.8 5c3.7 0 5.6 3.7 4 6.9C19.5 16.4 12 21 12 21z"/></svg>';

/** A heart icon; without it the browser's /favicon.ico request is a 404 console error. */
export function loader() {
  return new Response(heart, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
  });
}
