import ExcelJS from 'exceljs';

/**
 * monday.com exports boards to Excel only, so its samples are workbooks built here in the layout of
 * its "Export board to Excel": board and group title rows, subitem blocks, a group summary. `edited`
 * gives the edited copy.
 */
export async function mondayBoard(kind: 'tasks' | 'contacts', edited: boolean): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(kind === 'tasks' ? 'Client onboarding' : 'Clients');
  if (kind === 'tasks') {
    sheet.addRow(['Client onboarding']);
    sheet.addRow(['New clients this month']);
    sheet.addRow(['Name', 'Subitems', 'Person', 'Status', 'Date', 'Item ID (auto generated)']);
    const first = sheet.addRow([
      'Open RRSP for Tremblay',
      'Collect ID',
      'Sam Advisor',
      edited ? 'Done' : 'Working on it',
      new Date(Date.UTC(2024, 4, 2)),
      4876876000000111,
    ]);
    first.getCell(5).numFmt = 'm/d/yyyy';
    sheet.addRow(['Subitems', 'Name', 'Owner', 'Status', 'Item ID (auto generated)']);
    sheet.addRow([null, 'Collect ID', 'Sam Advisor', 'Done', 4876876000000112]);
    sheet.addRow(['Transfer TFSA for Côté', null, 'Jo Advisor', 'Stuck', 'May 9, 2024 3:04 PM', 4876876000000113]);
    sheet.addRow([null, null, null, 2]);
    sheet.addRow(['Done this month']);
    sheet.addRow(['Name', 'Subitems', 'Person', 'Status', 'Date', 'Item ID (auto generated)']);
    sheet.addRow(['KYC refresh for Shah', null, 'Sam Advisor', 'Done', null, 4876876000000114]);
  } else {
    sheet.addRow(['Clients']);
    sheet.addRow(['Active']);
    sheet.addRow(['Name', 'Status', 'Email', 'Phone', 'Tags', 'Item ID (auto generated)']);
    sheet.addRow(['Olivia Martin', 'Client', 'olivia.martin@example.com', 6045550110, 'VIP, Estate', 5000000001]);
    sheet.addRow([
      'Noah Wilson',
      edited ? 'Client' : 'Prospect',
      'noah.wilson@example.com',
      '206-555-0111',
      null,
      5000000002,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
