import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // The server serves dist/ with long-lived caching of the hashed assets/.
    assetsDir: 'assets',
  },
  server: {
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
});
