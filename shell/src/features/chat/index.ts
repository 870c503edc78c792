export { ChatTab } from './components/chat-tab';
// The header's unread count is imported by the route table from its own file (components/chat-unread-link), so the
// first page load does not carry the chat tab (and zod through the contracts).
export { ChatUnreadLink } from './components/chat-unread-link';
