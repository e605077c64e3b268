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

export default defineConfig({
  plugins: [react(), playPage],
  build: {
    target: 'es2022',
    sourcemap: true,
    // The server serves dist/ with long-lived caching of the hashed assets/.
    assetsDir: 'assets',
    // The in-house game frame is a page of its own (served for /play/*), outside the site's bundle.
    rollupOptions: {
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
