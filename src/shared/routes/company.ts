/** Routes of the company profile: the seller's six forms and the storefront's about-us. Schemas in company.ops.ts. */
export const getCompanyProfile = {
  name: 'getCompanyProfile',
  method: 'GET',
  path: '/api/proveedor/company_profile',
} as const;
export const getCompanyStatus = {
  name: 'getCompanyStatus',
  method: 'GET',
  path: '/api/proveedor/company_profile/status',
} as const;
export const saveCompanyBasic = {
  name: 'saveCompanyBasic',
  method: 'PUT',
  path: '/api/proveedor/company_profile/basic',
} as const;
export const saveCompanyProducts = {
  name: 'saveCompanyProducts',
  method: 'PUT',
  path: '/api/proveedor/company_profile/products',
} as const;
export const saveCompanyDetails = {
  name: 'saveCompanyDetails',
  method: 'PUT',
  path: '/api/proveedor/company_profile/details',
} as const;
export const saveCompanyContacts = {
  name: 'saveCompanyContacts',
  method: 'PUT',
  path: '/api/proveedor/company_profile/contacts',
} as const;
export const saveCompanyExport = {
  name: 'saveCompanyExport',
  method: 'PUT',
  path: '/api/proveedor/company_profile/export',
} as const;
export const saveCompanyCertificates = {
  name: 'saveCompanyCertificates',
  method: 'PUT',
  path: '/api/proveedor/company_profile/certificates',
} as const;
export const setSupplierEnabled = {
  name: 'setSupplierEnabled',
  method: 'PUT',
  path: '/api/proveedor/company_profile/supplier',
} as const;
export const aboutUs = { name: 'aboutUs', method: 'GET', path: '/api/reseller/aboutus' } as const;
