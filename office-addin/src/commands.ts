// Office waits for the function file to report ready before it enables the ribbon button.
if (typeof Office !== 'undefined') void Office.onReady();
