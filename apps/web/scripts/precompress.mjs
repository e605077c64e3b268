// Writes .br and .gz siblings of the built text assets so that the server can send them
// pre-compressed (best compression once at build time instead of on every request).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

let count = 0;
for (const file of walk(dist)) {
  if (!compressible.test(file)) continue;
  const source = fs.readFileSync(file);
  if (source.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.log(`precompressed ${count} files`);
