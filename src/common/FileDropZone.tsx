/**
 * A dashed area to drop files on, with a 「ファイルを選択」 button for those who do not drag (keyboard,
 * screen readers, phones): the conference's and 議案's attachments and the import's file. The caller
 * checks and uploads what `onFiles` gets; the texts are translation keys.
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import { Box, Button, Typography, type SxProps, type Theme } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { useTranslate } from 'react-admin';

export interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** translation keys: the button, the area's text idle and while dragging, the help under it */
  labels: { choose: string; dropHere: string; dropActive: string; help: string };
  /** `${testId}-dropzone` and `${testId}-input` */
  testId: string;
  sx?: SxProps<Theme>;
}

export const FileDropZone = ({ onFiles, accept, multiple, disabled, labels, testId, sx }: FileDropZoneProps) => {
  const translate = useTranslate();
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [dragActive, setDragActive] = useState(false);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragActive(false);
    onFiles(Array.from(event.dataTransfer?.files ?? []));
  };
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    setDragActive(true);
  };

  return (
    <Box
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={() => setDragActive(false)}
      onDrop={onDrop}
      data-testid={`${testId}-dropzone`}
      sx={[
        {
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragActive ? 'primary.main' : 'divider',
          bgcolor: dragActive ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: { xs: 2, sm: 3 },
          textAlign: 'center',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <CloudUploadIcon color={dragActive ? 'primary' : 'action'} sx={{ fontSize: 40 }} aria-hidden />
      <Box sx={{ my: 1 }}>
        <Button
          variant="contained"
          startIcon={<CloudUploadIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
          aria-describedby={helpId}
        >
          {translate(labels.choose)}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" aria-hidden>
        {translate(dragActive ? labels.dropActive : labels.dropHere)}
      </Typography>
      <Typography variant="caption" color="text.secondary" id={helpId} component="p" sx={{ mt: 1 }}>
        {translate(labels.help)}
      </Typography>
      <input
        ref={inputRef}
        type="file"
        multiple={multiple}
        accept={accept}
        hidden
        data-testid={`${testId}-input`}
        aria-label={translate(labels.choose)}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          onFiles(files);
        }}
      />
    </Box>
  );
};
