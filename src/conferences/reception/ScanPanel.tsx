/**
 * Reading a 受付票 (issue 14): the device camera through @zxing/browser (loaded when first used,
 * DESIGN.md §9), or a photo of the ticket (「画像から読み取る」, capture=environment opens the
 * camera app on phones). A refused or missing camera, or a page without https, is said plainly
 * and the desk goes on with the search. The same code seen again within a few seconds (it stays
 * in front of the camera) is read once.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import StopIcon from '@mui/icons-material/Stop';
import ImageIcon from '@mui/icons-material/Image';
import { useTranslate } from 'react-admin';

type CameraError = 'denied' | 'absent' | 'insecure' | 'failed';

const REPEAT_MS = 3_000;

const cameraErrorOf = (error: unknown): CameraError => {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'absent';
  return 'failed';
};

const loadReader = async () => new (await import('@zxing/browser')).BrowserQRCodeReader();

/** A photo or a screenshot of the ticket (ticketImage.ts), its decoder loaded when first used. */
const decodeImage = async (file: File) => (await import('./ticketImage')).decodeTicketFile(file);

/** `onStart`: a scan begins (camera or image), before anything is read. */
export const ScanPanel = ({ onScan, onStart }: { onScan(text: string): void; onStart?(): void }) => {
  const translate = useTranslate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const onScanRef = useRef(onScan);
  useLayoutEffect(() => {
    onScanRef.current = onScan;
  });
  const last = useRef<{ text: string; at: number } | null>(null);
  const [active, setActive] = useState(false);
  const [cameraError, setCameraError] = useState<CameraError | null>(null);
  const [imageFailed, setImageFailed] = useState(false);
  const [reading, setReading] = useState(false);

  const startCamera = () => {
    setCameraError(null);
    onStart?.();
    if (window.isSecureContext === false) return setCameraError('insecure');
    if (!navigator.mediaDevices?.getUserMedia) return setCameraError('absent');
    setActive(true);
  };

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let controls: { stop(): void } | null = null;
    void (async () => {
      try {
        const reader = await loadReader();
        const started = await reader.decodeFromVideoDevice(undefined, videoRef.current ?? undefined, (result) => {
          if (!result || stopped) return;
          const text = result.getText();
          const now = Date.now();
          if (last.current && last.current.text === text && now - last.current.at < REPEAT_MS) return;
          last.current = { text, at: now };
          onScanRef.current(text);
        });
        if (stopped) started.stop();
        else controls = started;
      } catch (error) {
        if (stopped) return;
        setCameraError(cameraErrorOf(error));
        setActive(false);
      }
    })();
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, [active]);

  const readImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageFailed(false);
    setReading(true);
    onStart?.();
    try {
      const text = await decodeImage(file);
      last.current = { text, at: Date.now() };
      onScanRef.current(text);
    } catch {
      setImageFailed(true);
    } finally {
      setReading(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="reception-scan-title">
      <Typography component="h2" variant="subtitle1" id="reception-scan-title" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('kaigi.reception.scan.title')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {active ? (
          <Button variant="outlined" size="large" startIcon={<StopIcon />} onClick={() => setActive(false)}>
            {translate('kaigi.reception.scan.camera_stop')}
          </Button>
        ) : (
          <Button variant="contained" size="large" startIcon={<QrCodeScannerIcon />} onClick={startCamera}>
            {translate('kaigi.reception.scan.camera_start')}
          </Button>
        )}
        {/* a real button opens the picker (a <label> styled as one is not reachable by keyboard) */}
        <Button
          variant="outlined"
          size="large"
          startIcon={<ImageIcon />}
          disabled={reading}
          onClick={() => fileRef.current?.click()}
        >
          {translate(reading ? 'kaigi.reception.scan.reading' : 'kaigi.reception.scan.image')}
        </Button>
        <input
          ref={fileRef}
          hidden
          type="file"
          accept="image/*"
          capture="environment"
          tabIndex={-1}
          aria-label={translate('kaigi.reception.scan.image')}
          data-testid="ticket-image-input"
          onChange={(event) => void readImage(event)}
        />
      </Stack>
      {cameraError && (
        <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
          {translate(`kaigi.reception.scan.camera_errors.${cameraError}`)}
        </Alert>
      )}
      {imageFailed && (
        <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
          {translate('kaigi.reception.scan.image_failed')}
        </Alert>
      )}
      {active && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('kaigi.reception.scan.camera_help')}
          </Typography>
          <Box
            component="video"
            ref={videoRef}
            muted
            playsInline
            aria-label={translate('kaigi.reception.scan.video_label')}
            sx={{ width: '100%', maxWidth: 480, aspectRatio: '4 / 3', bgcolor: 'common.black', borderRadius: 1 }}
          />
        </Box>
      )}
    </Box>
  );
};
