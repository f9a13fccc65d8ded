import type { UploadTicket, UploadRequest } from '@meridian/domain';
import { apiErrorFromResponse, networkError } from './api-error';
import { apiRequest } from './client';

/**
 * Uploads a file the way every upload goes: asks the API for a signed address, then PUTs the
 * bytes there; `extra` says what the file is for (a client document's rules) and its size, so a
 * refused file is refused before it is sent. Answers the ticket, whose `filePath` the call that uses the file names.
 */
export async function uploadFile(
  file: File,
  extra: Pick<UploadRequest, 'purpose' | 'fileSize'> = {},
): Promise<UploadTicket> {
  const ticket = await apiRequest<UploadTicket>('/upload/request', {
    method: 'POST',
    body: { fileName: file.name, ...extra },
  });
  let response: Response;
  try {
    response = await fetch(ticket.uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Type': ticket.contentType },
      body: file,
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return ticket;
}
