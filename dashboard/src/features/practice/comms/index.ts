export { EmailThreadsSection } from './email-threads-section';
