export { ApiError, toApiError, type ErrorDetail } from './api-error';
export { apiRequest, setUnauthorizedHandler, type RequestOptions } from './client';
export { getCurrentUser, getHealth, getOrganizationOverview, login } from './endpoints';
export { clearToken, readToken, saveToken } from './token-store';
