/** The live conference room shared by every layout kind (issue 12, DESIGN.md §11.1). */
export { RoomView, type RoomViewProps } from './RoomView';
export { useRoom } from './RoomContext';
export { useRoomStream, type RoomStream } from './useRoomStream';
export { ChatPanel, type ChatPanelProps } from './ChatPanel';
export { CommentPanel } from './CommentPanel';
export { StopwatchDisplay } from './StopwatchDisplay';
export { roomBasePath, type RoomSource } from './api';
