import { AfterAddRowArgs, GridComponent, WrsUtilService } from 'ngx-wrs-grid';

/**
 * An `afterAddRow` for the orders grids: a new order gets its id from the server's `orders` identifier scope (the
 * reference server's WrsNextIdentifierServlet); `failed` hears why when there is none.
 */
export function orderIdFromServer(wrsUtil: WrsUtilService, grid: () => GridComponent, failed: (message: string) => void): (args: AfterAddRowArgs) => void {
  return ({ rowNode }) => {
    const rowId = rowNode.getAttribute('id') ?? '';
    void wrsUtil.getNextIdentifier({
      scope: 'orders',
      onSuccessCb: (answer) => {
        // setCellValue notes the change; fire() makes it one change set the grid paints.
        if (wrsUtil.setCellValue(grid(), rowId, 'id', String(answer.nextIdentifier))) grid().fire();
      },
      onErrorCb: (error) => failed(`No id for the new order: ${error.message}`),
    });
  };
}
