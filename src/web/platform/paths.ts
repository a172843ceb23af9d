/** Routes of the platform domain (issue 7). */
export const platformPaths = {
  home: () => '/',
  signUp: () => '/crear-tienda',
  /** The set-up wizard another part of the admin builds (SPEC §2). */
  wizard: () => '/admin/wizard',
};
