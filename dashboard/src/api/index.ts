export { ApiError, toApiError, type ErrorDetail } from './api-error';
export { apiRequest, setUnauthorizedHandler, type RequestOptions } from './client';
export { uploadFile } from './upload';
export {
  calculatePension,
  getContributionRoom,
  getCurrentUser,
  getHealth,
  getHome,
  getOrganizationOverview,
  getRegisteredLimits,
  getRegisteredLimitsByYear,
  getWithdrawalRate,
  getWithdrawalRates,
  login,
} from './endpoints';
export { clearToken, readToken, saveToken } from './token-store';
export * from './financials';
export * from './crm';
export * from './hub';
export * from './imports';
export * from './lifecycle';
export * from './timelines';
