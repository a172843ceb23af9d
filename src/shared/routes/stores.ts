/** Routes of the stores module: the storefront's website configuration and content pages; the store builder (settings, look, wizard, content editors). Schemas in stores.ops.ts. */
export const websiteConfig = { name: 'websiteConfig', method: 'GET', path: '/api/reseller/configwebsite' } as const;
export const getWebConfigs = { name: 'getWebConfigs', method: 'GET', path: '/api/proveedor/webconfigs' } as const;
export const saveStoreInfo = { name: 'saveStoreInfo', method: 'PUT', path: '/api/proveedor/webconfigs/info' } as const;
export const saveStoreLook = { name: 'saveStoreLook', method: 'PUT', path: '/api/proveedor/webconfigs/look' } as const;
export const getWizard = { name: 'getWizard', method: 'GET', path: '/api/proveedor/wizard' } as const;
export const saveWizardDraft = { name: 'saveWizardDraft', method: 'PUT', path: '/api/proveedor/wizard' } as const;
export const finishWizard = { name: 'finishWizard', method: 'POST', path: '/api/proveedor/wizard/finish' } as const;
export const storeContent = { name: 'storeContent', method: 'GET', path: '/api/reseller/content/:kind' } as const;
export const getContent = { name: 'getContent', method: 'GET', path: '/api/proveedor/content/:kind' } as const;
export const savePage = { name: 'savePage', method: 'PUT', path: '/api/proveedor/content/page/:kind' } as const;
export const saveFaq = { name: 'saveFaq', method: 'PUT', path: '/api/proveedor/content/faq' } as const;
export const saveGlossary = { name: 'saveGlossary', method: 'PUT', path: '/api/proveedor/content/glosario' } as const;
