/**
 * Babel options dependency-cruiser uses to read TypeScript (`.dependency-cruiser.cjs` options.babelConfig).
 * Why Babel: dependency-cruiser reads TypeScript with the `typescript` package only up to 6.x, and this repository
 * builds with TypeScript 7 (no JavaScript compiler API); its swc parser cannot read .tsx in the versions that run on
 * Node 20. Babel strips the types; `keepTypeImportEdges` first turns every type-only import or re-export into a bare
 * `import 'x'`, so that a type-only dependency still counts as an edge for the boundary rules (a module may not
 * import even a type from a higher module).
 */
function keepTypeImportEdges({ types: t }) {
  const typeOnly = (node, kindKey) =>
    node[kindKey] === 'type' ||
    (node.specifiers.length > 0 && node.specifiers.every((s) => s[kindKey] === 'type' || s.importKind === 'type'));
  // On Program entry: the TypeScript transform drops `import type` at its own Program entry, which runs after ours
  // (plugins run before presets), before any ImportDeclaration visitor would see it.
  return {
    name: 'keep-type-import-edges',
    visitor: {
      Program(program) {
        for (const path of program.get('body')) {
          const node = path.node;
          const typeOnlyImport = path.isImportDeclaration() && typeOnly(node, 'importKind');
          const typeOnlyExport = path.isExportNamedDeclaration() && node.source && typeOnly(node, 'exportKind');
          if (typeOnlyImport || typeOnlyExport)
            path.replaceWith(t.importDeclaration([], t.stringLiteral(node.source.value)));
        }
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImportEdges],
  presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
};
