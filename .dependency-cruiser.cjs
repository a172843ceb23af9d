/**
 * The import rules of docs/architecture.md, checked by `npm run lint` (dependency-cruiser; `npm test` runs it).
 * Each rule's name is what a violation prints; its comment says what to do instead.
 * Test files (`*.test.ts`, tests/, e2e/) are outside the rules except `no-circular`: a test may set up any table.
 */

/**
 * Server modules from the lowest to the highest: the one list in src/server/modules/order.json, which the app also
 * registers from (src/server/modules/index.ts; decision 126). A module may import only modules before it. Names not
 * yet in src/server/modules are the domains still to come.
 */
const MODULE_ORDER = require('./src/server/modules/order.json');

/** Tables owned outside src/server/modules: owner folder -> its schema file (src/server/db/schema/<file>.ts). */
const OTHER_TABLE_OWNERS = {
  'src/server/providers/payments/sandbox/': 'sandbox',
  'src/server/jobs/': 'jobs',
};

const TESTS = ['\\.test\\.tsx?$', '^tests/', '^e2e/'];
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const moduleOrder = MODULE_ORDER.slice(0, -1).map((name, i) => ({
  name: 'module-order',
  comment:
    `The ${name} module may import only modules before it (${MODULE_ORDER.slice(0, i).join(', ') || 'none'}). ` +
    'Move the shared piece down, or let the higher module call this one.',
  severity: 'error',
  from: { path: `^src/server/modules/${name}/`, pathNot: TESTS },
  to: { path: `^src/server/modules/(${MODULE_ORDER.slice(i + 1).join('|')})/` },
}));

const otherOwners = Object.entries(OTHER_TABLE_OWNERS).map(([folder, file]) => ({
  name: 'module-reads-own-tables',
  comment: `${folder} owns db/schema/${file}.ts and reads no other table.`,
  severity: 'error',
  from: { path: `^${esc(folder)}`, pathNot: TESTS },
  to: { path: '^src/server/db/schema/', pathNot: `^src/server/db/schema/${file}\\.ts$` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles: split the shared piece into its own file that both sides import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-plain',
      comment:
        'src/shared is used by server and web: it imports only zod, libphonenumber-js, gtin (barcode check digits) and other shared files.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: TESTS },
      to: { pathNot: ['^src/shared/', '(^|/)node_modules/(zod|libphonenumber-js|gtin)/'] },
    },
    {
      name: 'server-web-meet-in-shared',
      comment: 'src/server and src/web never import each other; what both need goes to src/shared.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'server-web-meet-in-shared',
      comment: 'src/server and src/web never import each other; what both need goes to src/shared.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'storefront-admin-apart',
      comment: 'The storefront and the admin never import each other (each is its own lazily loaded tree).',
      severity: 'error',
      from: { path: '^src/web/(storefront|admin)/' },
      to: { path: '^src/web/(storefront|admin)/', pathNot: '^src/web/$1/' },
    },
    {
      name: 'web-features-apart',
      comment:
        'A web feature never imports another feature (its pages, components, hooks or api/). ' +
        'A piece two features need goes to src/web/<app>/shared, src/web/components, src/web/hooks or src/web/lib.',
      severity: 'error',
      from: { path: '^src/web/(storefront|admin)/features/([^/]+)/' },
      to: { path: '^src/web/$1/features/', pathNot: '^src/web/$1/features/$2/' },
    },
    {
      name: 'feature-api-is-private',
      comment:
        "A feature's api/ folder is used by that feature only; routes import its pages, not its API calls. " +
        'A query two features need goes to a shared folder.',
      severity: 'error',
      from: { path: '^src/web/', pathNot: ['^src/web/(storefront|admin)/features/', ...TESTS] },
      to: { path: '^src/web/(storefront|admin)/features/[^/]+/api/' },
    },
    {
      name: 'low-layers-never-import-modules',
      comment:
        'src/server/lib, src/server/db and src/server/jobs sit below every module: they never import a module ' +
        '(nor plugins or app wiring). Pass what they need as arguments, or move the code into the module.',
      severity: 'error',
      from: { path: '^src/server/(lib|db|jobs)/', pathNot: TESTS },
      to: { path: '^src/server/(modules|plugins|app\\.ts|server\\.ts|seed)' },
    },
    {
      name: 'module-through-index',
      comment: 'Another module is reached through its index.ts (its exported functions), never its internal files.',
      severity: 'error',
      from: { path: '^src/server/(modules/([^/]+)/|(?!modules/))', pathNot: TESTS },
      to: {
        path: '^src/server/modules/[^/]+/',
        pathNot: ['^src/server/modules/$2/', '^src/server/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'module-reads-own-tables',
      comment:
        "A module reads and writes only its own tables (src/server/db/schema/<module>.ts); another module's data " +
        "comes through that module's exported functions. schema/index.ts is for drizzle-kit and the db client only.",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: TESTS },
      to: { path: '^src/server/db/schema/', pathNot: '^src/server/db/schema/$1\\.ts$' },
    },
    ...otherOwners,
    {
      name: 'module-reads-own-tables',
      comment:
        'Only the owning module reads a table: plugins, providers, seed and app wiring call module functions ' +
        '(docs/architecture.md "Who owns which table").',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: [
          '^src/server/modules/',
          '^src/server/db/',
          ...Object.keys(OTHER_TABLE_OWNERS).map((f) => `^${esc(f)}`),
          ...TESTS,
        ],
      },
      to: { path: '^src/server/db/schema/' },
    },
    {
      name: 'routes-stay-thin',
      comment: 'A route file calls its service; it never touches the database (EXAMPLES.md 2).',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '^src/server/db/' },
    },
    ...moduleOrder,
    {
      name: 'no-tests-in-app-code',
      comment: 'Application code never imports test files or helpers.',
      severity: 'error',
      from: { path: '^src/', pathNot: TESTS },
      to: { path: TESTS },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/.*\\.d\\.ts$' },
    moduleSystems: ['es6', 'cjs'],
    babelConfig: { fileName: 'scripts/lint/babel-for-depcruise.cjs' },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
