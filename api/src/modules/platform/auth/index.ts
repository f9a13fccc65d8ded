export { AuthModule } from './auth.module.js';
export { AuthService } from './auth.service.js';
export { TokenService } from './token.service.js';
export { hashPassword } from './password.js';
