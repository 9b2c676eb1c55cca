export { chatQueryOptions, countComments } from './api';
export { ChatThread, type ChatThreadProps } from './chat-thread';
