import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/** In development, `/play/*` is the game frame's page as the server answers it in production. */
const playPage: Plugin = {
  name: 'croupier-play-page',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url?.startsWith('/play/')) {
        const query = request.url.indexOf('?');
        request.url = `/play.html${query >= 0 ? request.url.slice(query) : ''}`;
      }
      next();
    });
  },
};

/** The definition properties that hold zod schemas (see packages/contract/src/common/endpoint.ts). */
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'headers', 'response']);

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** A call, possibly the last of a chain (`schema.extend({…}).describe('…')`): the calls from the outside in. */
function callChain(node: unknown): AstNode[] {
  const calls: AstNode[] = [];
  let current = node;
  while (isNode(current)) {
    if (current.type === 'CallExpression' || current.type === 'NewExpression') {
      calls.push(current);
      current = current.callee;
    } else if (current.type === 'MemberExpression') {
      current = current.object;
    } else {
      break;
    }
  }
  return calls;
}

/**
 * The browser calls an endpoint by its method, path and access; the schemas in its
 * contract definition only type the call. In the web build, the contract's modules are
 * rewritten before bundling (ARCHITECTURE.md, "Endpoints"):
 * - the schema values of `defineEndpoint({ … })` literals become `undefined`;
 * - a top-level constant built by a call (a zod schema: `z.object(…)`,
 *   `seedPairSchema.extend(…)`) is marked pure, so that one nobody uses is dropped.
 * Together they keep zod and the schemas out of the first load. The server keeps them:
 * it validates and serialises with them.
 */
const endpointSchemasOut: Plugin = {
  name: 'croupier-endpoint-schemas-out',
  apply: 'build',
  transform: {
    filter: { id: /packages[\\/]contract[\\/]src[\\/].+(?<!\.test)\.ts$/ },
    handler(code) {
      const edits: { start: number; end: number; text: string }[] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!isNode(node)) return;
        const callee = node.callee;
        const [first] = Array.isArray(node.arguments) ? (node.arguments as unknown[]) : [];
        if (node.type === 'CallExpression' && isNode(callee) && callee.name === 'defineEndpoint' && isNode(first)) {
          for (const property of (first.properties as unknown[] | undefined) ?? []) {
            if (!isNode(property) || !isNode(property.key) || !isNode(property.value)) continue;
            if (!SCHEMA_KEYS.has(String(property.key.name))) continue;
            const { start, end } = property.value;
            // `{ body }` keeps its key: the value is written out after it.
            edits.push(
              property.shorthand === true
                ? { start: end, end, text: ': undefined' }
                : { start, end, text: 'undefined' },
            );
          }
          return;
        }
        for (const [key, value] of Object.entries(node)) if (key !== 'type') visit(value);
      };
      const program = this.parse(code) as unknown as AstNode;
      visit(program);
      for (const statement of (program.body as unknown[] | undefined) ?? []) {
        const declaration =
          isNode(statement) && statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
        for (const declarator of (declaration.declarations as unknown[] | undefined) ?? []) {
          if (!isNode(declarator)) continue;
          const [outer] = callChain(declarator.init);
          if (outer) edits.push({ start: outer.start, end: outer.start, text: '/* @__PURE__ */ ' });
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.sort((a, b) => b.start - a.start || b.end - a.end)) {
        out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
      }
      return { code: out, map: null };
    },
  },
};

export default defineConfig({
  plugins: [react(), playPage, endpointSchemasOut],
  build: {
    target: 'es2022',
    sourcemap: true,
    // The server serves dist/ with long-lived caching of the hashed assets/.
    assetsDir: 'assets',
    // The in-house game frame is a page of its own (served for /play/*), outside the site's bundle.
    rollupOptions: {
      // Building a zod schema has no effect but its value: one nobody uses is left out.
      treeshake: { manualPureFunctions: ['z', 'dataEnvelope', 'pagedEnvelope'] },
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        play: fileURLToPath(new URL('./play.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
});
