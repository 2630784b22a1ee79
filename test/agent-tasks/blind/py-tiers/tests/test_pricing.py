from pricing import Line, order_total


def test_small_order():
    lines = [Line("pen", 120, 3), Line("pad", 450, 2), Line("ink", 900, 1)]
    assert order_total(lines) == 3 * 120 + 2 * 450 + 900


def test_bulk_order():
    # 12 pens and 60 pads get 5 % and 12 %; 10 ink cartridges reach the 10-piece tier (5 %).
    lines = [Line("pen", 120, 12), Line("pad", 450, 60), Line("ink", 900, 10)]
    expected = (12 * 120 * 95) // 100 + (60 * 450 * 88) // 100 + (10 * 900 * 95) // 100
    assert order_total(lines) == expected
