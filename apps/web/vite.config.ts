import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.LINESIGHT_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': apiTarget, '/report': apiTarget },
  },
  build: {
    chunkSizeWarningLimit: 800,
  },
});
