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
  return {
    name: 'keep-type-import-edges',
    visitor: {
      ImportDeclaration(path) {
        if (typeOnly(path.node, 'importKind'))
          path.replaceWith(t.importDeclaration([], t.stringLiteral(path.node.source.value)));
      },
      ExportNamedDeclaration(path) {
        if (path.node.source && typeOnly(path.node, 'exportKind'))
          path.replaceWith(t.importDeclaration([], t.stringLiteral(path.node.source.value)));
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
