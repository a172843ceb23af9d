/** Routes of the platform domain. */
export const platformPaths = {
  home: () => '/',
  signUp: () => '/crear-tienda',
  /** The email-verification link's page (decision 100). */
  verifyEmail: () => '/verificar-correo',
  /** The set-up wizard another part of the admin builds. */
  wizard: () => '/admin/wizard',
};
