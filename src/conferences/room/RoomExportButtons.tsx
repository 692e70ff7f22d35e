/**
 * コメントを出力 / チャットを出力: the room's comments and chat as XLSX or CSV, through the export
 * jobs (POST /v1/cci/{cci_code}/export, type room_comments | room_chat, params {conference_id});
 * progress and download on the exports page, like every other export (src/exports/).
 */
import { ExportButton } from '../../exports/ExportButton';

export const RoomExportButtons = ({ conferenceId, conferenceName }: { conferenceId: number; conferenceName?: string }) => (
  <>
    <ExportButton
      type="room_comments"
      conferenceId={conferenceId}
      conferenceName={conferenceName}
      label="kaigi.room.staff.comments.export_comments"
    />
    <ExportButton
      type="room_chat"
      conferenceId={conferenceId}
      conferenceName={conferenceName}
      label="kaigi.room.staff.comments.export_chat"
    />
  </>
);
