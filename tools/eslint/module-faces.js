// An ESLint rule of the project's own: an api module is reached only through its face (index.ts),
// and the engine layers (common/, infra/) never import a module. Paths are resolved, so a reach-in
// is caught however many `../` it takes.
import path from 'node:path';

const MODULES = `${path.sep}api${path.sep}src${path.sep}modules${path.sep}`;

/** The module a file belongs to: `<area>/<module>`, and each provider under `hub/providers/` on its own. */
function moduleOf(file) {
  const at = file.indexOf(MODULES);
  if (at < 0) return null;
  const parts = file.slice(at + MODULES.length).split(path.sep);
  if (parts[0] === 'hub' && parts[1] === 'providers' && parts.length > 3) return parts.slice(0, 3).join('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : null;
}

function isFace(file) {
  return /^index\.(ts|js)$/.test(path.basename(file));
}

function engineLayerOf(file) {
  const match = file.match(/[/\\]api[/\\]src[/\\](common|infra)[/\\]/);
  return match ? match[1] : null;
}

export const moduleFaces = {
  meta: {
    type: 'problem',
    docs: { description: 'Reach another api module only through its index.ts; common/ and infra/ import no module' },
    schema: [],
    messages: {
      reachIn: "'{{source}}' reaches into the {{target}} module: import what it offers from its index.ts",
      engineImportsModule:
        "{{layer}}/ must not import a module ('{{source}}'): modules build on the engine, not the reverse",
    },
  },
  create(context) {
    const file = context.filename;
    const own = moduleOf(file);
    const layer = engineLayerOf(file);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const targetModule = moduleOf(target);
      if (!targetModule) return;
      if (layer) {
        context.report({ node: node.source, messageId: 'engineImportsModule', data: { layer, source } });
        return;
      }
      if (targetModule !== own && !isFace(target))
        context.report({ node: node.source, messageId: 'reachIn', data: { source, target: targetModule } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
