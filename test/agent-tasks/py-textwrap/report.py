"""Prints a fixed-width table of products: name and a shortened description."""
from vendor import textwrap

PRODUCTS = [
    ("kettle", "Stainless steel kettle with a one litre capacity and auto shut-off"),
    ("toaster", "Two slot toaster, six browning levels"),
    ("grinder", "Burr-grinder-with-forty-settings for espresso through French press"),
    ("espresso", "MagnificaEvoPlusCompactEdition bean-to-cup coffee machine"),
    ("scale", "Kitchen scale accurate to one gram"),
]


def cell(text, width):
    return textwrap.shorten(text, width=width, placeholder="...")


def row(name, description):
    return f"{cell(name, 10):<10} | {cell(description, 24)}"


def table(products):
    return [row(name, description) for name, description in products]


def main():
    for line in table(PRODUCTS):
        print(line)


if __name__ == "__main__":
    main()
