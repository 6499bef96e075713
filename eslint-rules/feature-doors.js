// @ts-check
import path from 'node:path';

/**
 * Features meet only at their door (STYLE.md): code outside `src/features/<x>/` may import
 * `src/features/<x>/index.ts` and nothing else of it. The one exception is a lazy `import()` of
 * `features/<x>/pages/*`: the router loads each page by path, so a page is its own chunk.
 *
 * A local rule rather than eslint-plugin-boundaries: "anything but my own feature's files" is one
 * path comparison here, where boundaries needs element types, captured names and an import
 * resolver that understands our `.ts` specifiers, and would be one more dependency to keep.
 *
 * @type {import('eslint').Rule.RuleModule}
 */
export const featureDoors = {
  meta: {
    type: 'problem',
    docs: { description: 'Code outside a feature imports only its index.ts (pages lazily, by path)' },
    schema: [],
    messages: {
      door: "Import features/{{feature}} through its door, features/{{feature}}/index.ts, not '{{source}}'.",
    },
  },
  create(context) {
    const here = featureOf(context.filename);

    /** @param {import('estree').Node} node @param {unknown} source @param {boolean} isLazy */
    function check(node, source, isLazy) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const there = featureOf(path.resolve(path.dirname(context.filename), source));
      if (!there || (here && here.dir === there.dir)) return;
      const [first = '', ...rest] = there.inside;
      const isDoor = rest.length === 0 && (first === '' || /^index(\.[cm]?[jt]sx?)?$/.test(first));
      if (isDoor || (isLazy && first === 'pages')) return;
      context.report({ node, messageId: 'door', data: { feature: there.name, source } });
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value, false),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, false),
      ExportAllDeclaration: (node) => check(node.source, node.source.value, false),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value, true),
    };
  },
};

/**
 * The feature a path belongs to: `…/src/features/<name>/<inside…>`, or null outside every feature.
 * @param {string} file
 */
function featureOf(file) {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('features');
  const name = parts[at + 1];
  if (at < 1 || parts[at - 1] !== 'src' || !name) return null;
  return { name, dir: parts.slice(0, at + 2).join('/'), inside: parts.slice(at + 2) };
}

export default { rules: { 'feature-doors': featureDoors } };
