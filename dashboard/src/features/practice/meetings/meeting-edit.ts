import { MeetingTimeZone, type MeetingView } from '@meridian/domain';

/** The edit call's body: the meeting as it is, at a new start. */
export function movedBody(meeting: MeetingView, start: Date) {
  const zone = MeetingTimeZone.find((value) => value === meeting.timeZone);
  return {
    title: meeting.title,
    message: meeting.message,
    type: meeting.type,
    location: meeting.location,
    duration: meeting.duration,
    startTime: start.toISOString(),
    ...(zone ? { timeZone: zone } : {}),
    participants: meeting.participants.map((participant) => ({
      email: participant.email,
      name: participant.name,
      role: participant.role,
      ...(participant.participant ? { participant: participant.participant } : {}),
    })),
    agendaItems: meeting.agendaItems,
  };
}
