/** Enterprises (issue 18): create, change, renew, list; codes and logos; who may see which. */
export { assertPlatformAdmin, enterpriseAccess } from './enterprise-access';
export { listEnterprises, readEnterprise } from './enterprise-queries';
export { getCompany, renewCompany, saveCompany } from './enterprise-service';
export { saveCompanyLogo, suggestCompanyCode } from './enterprise-branding';
