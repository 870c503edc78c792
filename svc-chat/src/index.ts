export { chatService } from './service';
export { chatConfigSchema, loadChatConfig } from './config';
