import type { UploadTicket } from '@meridian/domain';
import { apiErrorFromResponse, networkError } from './api-error';
import { apiRequest } from './client';

/**
 * Uploads a file the way every upload goes: asks the API for a signed address, then PUTs the
 * bytes there. Answers the ticket, whose `filePath` the call that uses the file names.
 */
export async function uploadFile(file: File): Promise<UploadTicket> {
  const ticket = await apiRequest<UploadTicket>('/upload/request', { method: 'POST', body: { fileName: file.name } });
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
