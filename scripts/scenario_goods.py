"""Goods routes of the scenario server (scripts/scenario_server.py): paged lists and one goods,
in the shop envelope {succeed, code, msg, data}.

Parameters are read from a form body, a JSON body or the query string (body wins).  Goods i
(1...23): {"id":i,"categoryId":1,"productName":"Goods i","introduction":"Introduction of goods i",
"imgId":"img-i","price":9.5+i,"priceUnit":"CNY"}

  GET|POST /mallProductsInfo/getProductList
        pageCurrent (default 1), pageSize (default 10), categoryId.  categoryId 1 has 23 goods,
        any other (or none) has 0.  Answers {"succeed":true,"code":0,"msg":"查询成功",
        "data":{"size":S,"current":C,"pages":P,"total":T,"records":[goods...]}}.
        A non-integer or non-positive page value answers succeed false, code 919.
  GET|POST /paging/stuck               a pager that never advances: whatever pageCurrent says, the same
                                       envelope and page, {"size":1,"current":1,"pages":10^12,
                                       "total":10^12,"records":[goods 1]}
  GET|POST /paging/cursor              the 23 goods walked by cursor: pageSize (default 10) goods after
                                       goods `cursor` (default 0) in the shop envelope, data
                                       {"records":[goods...],"next":"<last id>"}, no "next" on the last
                                       page; a cursor that is not an integer from 0 to 23 answers code 919
  GET|POST /paging/endless             a list that claims 10^12 pages: page C (pageCurrent, default 1) is
                                       {"size":1,"current":C,"pages":10^12,"total":10^12,"records":[goods 1]}
  GET|POST /mallProductsInfo/getProduct   id: goods id (1...23) in the shop envelope (the demo's
                                       product page); another id answers succeed false, code 919,
                                       msg "商品不存在"
"""

from __future__ import annotations

GOODS_TOTAL = 23


def goods_item(i: int) -> dict:
    return {
        "id": i,
        "categoryId": 1,
        "productName": f"Goods {i}",
        "introduction": f"Introduction of goods {i}",
        "imgId": f"img-{i}",
        "price": 9.5 + i,
        "priceUnit": "CNY",
    }


def _params(handler) -> dict:
    params = {k: v[0] for k, v in handler.args.items()}
    params.update(handler.body_params())
    return params


def _send_page(handler, data: dict) -> None:
    handler.send_json({"succeed": True, "code": 0, "msg": "查询成功", "data": data})


def product_list(handler) -> None:
    """GET|POST /mallProductsInfo/getProductList"""
    if not handler.allow("GET", "POST"):
        return
    params = _params(handler)

    def page_value(name: str, default: int):
        raw = params.get(name)
        if raw is None or raw == "":
            return default
        try:
            value = int(str(raw).strip())
        except ValueError:
            return None
        return value if value > 0 else None

    current = page_value("pageCurrent", 1)
    size = page_value("pageSize", 10)
    if current is None or size is None:
        return handler.send_json({"succeed": False, "code": 919, "msg": "pageCurrent and pageSize must be positive integers"})
    try:
        category = int(str(params.get("categoryId", "0")).strip() or "0")
    except ValueError:
        category = 0
    total = GOODS_TOTAL if category == 1 else 0
    pages = (total + size - 1) // size
    start = (current - 1) * size
    records = [goods_item(i) for i in range(start + 1, min(start + size, total) + 1)]
    _send_page(handler, {"size": size, "current": current, "pages": pages, "total": total, "records": records})


def cursor_pages(handler) -> None:
    """GET|POST /paging/cursor"""
    if not handler.allow("GET", "POST"):
        return
    params = _params(handler)
    try:
        after = int(str(params.get("cursor", "0")).strip() or "0")
        size = int(str(params.get("pageSize", "10")).strip() or "10")
    except ValueError:
        after, size = -1, 0
    if not 0 <= after <= GOODS_TOTAL or size < 1:
        return handler.send_json({"succeed": False, "code": 919, "msg": "cursor must be a goods id and pageSize positive"})
    last = min(after + size, GOODS_TOTAL)
    data = {"records": [goods_item(i) for i in range(after + 1, last + 1)]}
    if last < GOODS_TOTAL:
        data["next"] = str(last)
    _send_page(handler, data)


def unbounded_pages(handler, stuck: bool) -> None:
    """GET|POST /paging/stuck (stuck) and /paging/endless"""
    if not handler.allow("GET", "POST"):
        return
    params = _params(handler)
    try:
        current = 1 if stuck else max(1, int(str(params.get("pageCurrent", "1")).strip() or "1"))
    except ValueError:
        current = 1
    count = 10 ** 12
    _send_page(handler, {"size": 1, "current": current, "pages": count, "total": count, "records": [goods_item(1)]})


def product(handler) -> None:
    """GET|POST /mallProductsInfo/getProduct"""
    if not handler.allow("GET", "POST"):
        return
    params = _params(handler)
    try:
        goods_id = int(str(params.get("id", "")).strip())
    except ValueError:
        goods_id = 0
    if 1 <= goods_id <= GOODS_TOTAL:
        return handler.send_json({"succeed": True, "code": 0, "msg": "查询成功", "data": goods_item(goods_id)})
    handler.send_json({"succeed": False, "code": 919, "msg": "商品不存在"})
