import { fileURLToPath } from 'node:url';

export default {
  plugins: {
    // An explicit path, so the build works whatever the current directory is.
    tailwindcss: { config: fileURLToPath(new URL('./tailwind.config.ts', import.meta.url)) },
    autoprefixer: {},
  },
};
