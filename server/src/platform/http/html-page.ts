/** A small, self-contained HTML document for the pages the API serves (terms). */
export const htmlPage = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;line-height:1.6;color:#1f2937}h1{font-size:1.6rem}h2{font-size:1.15rem;margin-top:1.6rem}</style>
</head><body><h1>${title}</h1>${body}<p><small>Last updated 22 November 2026.</small></p></body></html>`;

/** How a route that answers one of these pages documents it (its config's `produces`). */
export const TERMS_PAGE = { contentType: 'text/html', description: 'The page, in HTML' };
