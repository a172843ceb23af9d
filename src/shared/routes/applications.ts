/** Routes of job applications (decisions 168, 169); schemas in applications.ops.ts. */
export const applyForJob = { name: 'applyForJob', method: 'POST', path: '/api/bolsa_trabajo' } as const;
export const listJobApplications = {
  name: 'listJobApplications',
  method: 'GET',
  path: '/api/admin/job-applications',
} as const;
export const getJobApplication = {
  name: 'getJobApplication',
  method: 'GET',
  path: '/api/admin/job-applications/:id',
} as const;
export const downloadJobApplicationCv = {
  name: 'downloadJobApplicationCv',
  method: 'GET',
  path: '/api/admin/job-applications/:id/cv',
} as const;
export const setJobApplicationReviewed = {
  name: 'setJobApplicationReviewed',
  method: 'POST',
  path: '/api/admin/job-applications/:id/reviewed',
} as const;
export const deleteJobApplication = {
  name: 'deleteJobApplication',
  method: 'DELETE',
  path: '/api/admin/job-applications/:id',
} as const;
