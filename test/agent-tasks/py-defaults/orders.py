# Builds shipping labels for a few orders. Each order gets its own list of tags.


def tag_order(order, tags=[]):
    if order["express"]:
        tags.append("EXPRESS")
    if order["fragile"]:
        tags.append("FRAGILE")
    return tags


def main():
    orders = [
        {"id": 1, "express": True, "fragile": False},
        {"id": 2, "express": False, "fragile": True},
        {"id": 3, "express": False, "fragile": False},
    ]
    for order in orders:
        tags = tag_order(order)
        print(f"order {order['id']}: {' '.join(tags) or '-'}")


main()
