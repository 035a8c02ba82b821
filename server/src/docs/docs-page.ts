/**
 * GET /api/docs: the OpenAPI document as one self-contained HTML page, rendered on the server. No script at all, so
 * the strict Content-Security-Policy holds as it is; the styles are inline, which the policy already allows.
 */

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }>; headers?: Record<string, Json> }>;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** `code` spans for backticks; everything else escaped. */
const inline = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const prose = (text: string) =>
  inline(text)
    .split(/\n{2,}/)
    .map((p) => `<p>${p}</p>`)
    .join('');

const anchor = (method: string, path: string) => `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '');

/** A schema in a line: a reference by its name, else the JSON (long ones folded). */
function schemaView(schema: Json | undefined): string {
  if (!schema) return '';
  const ref = schema.$ref;
  if (typeof ref === 'string') return `<a href="#schema-${escape(ref.split('/').pop()!)}">${escape(ref.split('/').pop()!)}</a>`;
  const items = (schema as { items?: Json }).items;
  if (schema.type === 'array' && items && typeof items.$ref === 'string') return `array of ${schemaView(items)}`;
  const anyOf = schema.anyOf as Json[] | undefined;
  const named = (s: Json) => typeof s.$ref === 'string' || (s.type === 'array' && typeof (s.items as Json | undefined)?.$ref === 'string');
  if (anyOf?.every(named)) return anyOf.map(schemaView).join(' or ');
  const json = JSON.stringify(schema, null, 2);
  if (json.length < 90) return `<code>${escape(JSON.stringify(schema))}</code>`;
  return `<details><summary>Schema</summary><pre>${escape(json)}</pre></details>`;
}

function authText(op: Operation): string {
  if (op.security.length === 0) return 'No sign-in';
  if (op.security.some((s) => 'microsoft' in s)) return 'Microsoft access token (Bearer)';
  return 'Bearer token';
}

function operationView(method: string, path: string, op: Operation): string {
  const params = op.parameters ?? [];
  const body = op.requestBody?.content['application/json']?.schema;
  const rows = Object.entries(op.responses)
    .map(([status, r]) => {
      const [type, media] = Object.entries(r.content ?? {})[0] ?? [];
      const headers = Object.keys(r.headers ?? {});
      return (
        `<tr><th scope="row">${escape(status)}</th><td>${inline(r.description)}` +
        (headers.length ? `<br>Headers: ${headers.map((h) => `<code>${escape(h)}</code>`).join(', ')}` : '') +
        `</td><td>${type ? `<code>${escape(type)}</code> ` : ''}${schemaView(media?.schema)}</td></tr>`
      );
    })
    .join('');
  return `
<section class="op" id="${anchor(method, path)}" aria-labelledby="${anchor(method, path)}-h">
  <h3 id="${anchor(method, path)}-h"><span class="method m-${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
  <p class="summary">${inline(op.summary)}</p>
  <dl>
    <dt>Sign-in</dt><dd>${authText(op)}</dd>
  </dl>
  ${prose(op.description)}
  ${
    params.length
      ? `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${params
          .map(
            (p) =>
              `<tr><th scope="row"><code>${escape(p.name)}</code></th><td>${escape(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${schemaView(p.schema)}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : ''
  }
  ${body ? `<h4>Request body</h4><p><code>application/json</code> ${schemaView(body)}</p>` : ''}
  <h4>Responses</h4>
  <table><thead><tr><th scope="col">Status</th><th scope="col">When</th><th scope="col">Body</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1a1b1e; --bg: #ffffff; --muted: #495057; --line: #dee2e6; --code: #f1f3f5; --link: #1864ab; }
@media (prefers-color-scheme: dark) { :root { --fg: #e9ecef; --bg: #1a1b1e; --muted: #ced4da; --line: #373a40; --code: #25262b; --link: #74c0fc; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header, main, nav { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
a { color: var(--link); }
a:focus-visible, summary:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.875rem; background: var(--code); border-radius: 4px; }
code { padding: 0 0.25rem; overflow-wrap: anywhere; }
pre { padding: 0.75rem; overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; display: block; overflow-x: auto; }
th, td { border: 1px solid var(--line); padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
.op { border-top: 1px solid var(--line); padding: 0.5rem 0 1rem; }
.method { display: inline-block; min-width: 4.5rem; font-family: ui-monospace, monospace; font-weight: 700; }
.summary { font-weight: 600; }
.muted { color: var(--muted); }
nav ul { columns: 2 18rem; padding-left: 1.25rem; }
nav li { overflow-wrap: anywhere; }
dl { display: flex; gap: 0.5rem; margin: 0; } dt { font-weight: 600; } dd { margin: 0; }
`;

/** The page for a document built by buildOpenApi. */
export function renderDocsPage(doc: Json): string {
  const info = doc.info as { title: string; version: string; description: string };
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const ops = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const tags = [...new Set(ops.map((o) => o.op.tags[0]))];
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API documentation</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>API documentation</h1>
  <p>${escape(info.title)}, version ${escape(info.version)}. All paths are under <code>/api</code>.
  The machine-readable document: <a href="/api/docs/openapi.json">OpenAPI 3.1 (JSON)</a>.</p>
  ${prose(info.description)}
</header>
<nav aria-label="Routes">
  <h2>Routes</h2>
  <ul>${ops
    .map(
      ({ path, method, op }) =>
        `<li><a href="#${anchor(method, path)}">${method.toUpperCase()} ${escape(path)}</a> <span class="muted">${inline(op.summary)}</span></li>`,
    )
    .join('')}</ul>
</nav>
<main>
${tags
  .map(
    (tag) =>
      `<h2 id="tag-${escape(tag)}">/${escape(tag)}</h2>` +
      ops
        .filter((o) => o.op.tags[0] === tag)
        .map(({ path, method, op }) => operationView(method, path, op))
        .join(''),
  )
  .join('')}
<h2 id="schemas">Schemas</h2>
${Object.entries(schemas)
  .map(
    ([name, schema]) =>
      `<section class="op" id="schema-${escape(name)}" aria-labelledby="schema-${escape(name)}-h"><h3 id="schema-${escape(name)}-h">${escape(name)}</h3>` +
      `${typeof schema.description === 'string' ? prose(schema.description) : ''}<details><summary>Schema of ${escape(name)}</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details></section>`,
  )
  .join('')}
</main>
</body>
</html>`;
}
