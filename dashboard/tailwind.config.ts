import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import colors from 'tailwindcss/colors';
import type { Config } from 'tailwindcss';

const here = path.dirname(fileURLToPath(import.meta.url));
// Tremor's class names live in its compiled files; resolve the package wherever npm hoisted it.
const tremorDir = path.dirname(createRequire(import.meta.url).resolve('@tremor/react/package.json'));

// Charts build their class names at run time (`fill-${colour}-500`), so Tailwind never sees them in
// the sources: without this safelist, bars, lines and legend dots render black.
const chartColours = [
  'slate',
  'gray',
  'zinc',
  'neutral',
  'stone',
  'red',
  'orange',
  'amber',
  'yellow',
  'lime',
  'green',
  'emerald',
  'teal',
  'cyan',
  'sky',
  'blue',
  'indigo',
  'violet',
  'purple',
  'fuchsia',
  'pink',
  'rose',
].join('|');
const shades = '50|100|200|300|400|500|600|700|800|900|950';

export default {
  content: [path.join(here, 'index.html'), path.join(here, 'src/**/*.{ts,tsx}'), path.join(tremorDir, 'dist/**/*.js')],
  // No dark theme yet: keep Tremor's `dark:` classes inert instead of following the OS setting.
  darkMode: 'class',
  theme: {
    extend: {
      colors: {
        tremor: {
          brand: {
            faint: colors.blue[50],
            muted: colors.blue[200],
            subtle: colors.blue[400],
            DEFAULT: colors.blue[600],
            emphasis: colors.blue[700],
            inverted: colors.white,
          },
          background: {
            muted: colors.slate[50],
            subtle: colors.slate[100],
            DEFAULT: colors.white,
            emphasis: colors.slate[700],
          },
          border: { DEFAULT: colors.slate[200] },
          ring: { DEFAULT: colors.slate[200] },
          content: {
            subtle: colors.slate[400],
            DEFAULT: colors.slate[500],
            emphasis: colors.slate[700],
            strong: colors.slate[900],
            inverted: colors.white,
          },
        },
      },
      boxShadow: {
        'tremor-input': '0 1px 2px 0 rgb(0 0 0 / 0.05)',
        'tremor-card': '0 1px 3px 0 rgb(0 0 0 / 0.1), 0 1px 2px -1px rgb(0 0 0 / 0.1)',
        'tremor-dropdown': '0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)',
      },
      borderRadius: {
        'tremor-small': '0.375rem',
        'tremor-default': '0.5rem',
        'tremor-full': '9999px',
      },
      fontSize: {
        'tremor-label': ['0.75rem', { lineHeight: '1rem' }],
        'tremor-default': ['0.875rem', { lineHeight: '1.25rem' }],
        'tremor-title': ['1.125rem', { lineHeight: '1.75rem' }],
        'tremor-metric': ['1.875rem', { lineHeight: '2.25rem' }],
      },
    },
  },
  safelist: [
    { pattern: new RegExp(`^(?:bg|text|border|ring)-(?:${chartColours})-(?:${shades})$`), variants: ['hover'] },
    { pattern: new RegExp(`^(?:stroke|fill)-(?:${chartColours})-(?:${shades})$`) },
  ],
} satisfies Config;
