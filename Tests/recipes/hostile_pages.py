"""Hostile recipe pages, made when asked for (never kept in the repository): the ones issue 53
measured, each about 5 MB, the size a page may have. Served by recipe_server.py at /hostile/NAME
(the tests) and written to files by benchmarks/recipe_bench.py (`make bench`'s worst page).

    nested-microdata   a Recipe item whose ingredient is 198 itemprops nested around 5 MB of text
    attributes         one tag with 600,000 attributes
    tiny-json          4.8 MB of tiny JSON nodes: [{"a":1},{"a":1},…] (Foundation took 1.8 GB)
    braces             5 MB of {} in a JSON list
    paragraphs         5 MB of <p>
    long-ingredient    a schema.org Recipe (JSON, as Nextcloud Cookbook keeps one) whose first
                       ingredient is a 4.9 MB line
    long-ingredient-microdata   the same line as a microdata ingredient's text
    long-ingredient-script      the same recipe as a page's JSON-LD block (over the 2 MB a
                       script's text may have)
    elements-under, json-under  just inside the limits: 198,000 nodes; 99,000 JSON values
"""

MB = 1 << 20


def nested_microdata():
    text = "flour " * ((5 * MB - 20_000) // 6)
    return ('<html><body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Deep</h1>'
            + '<div itemprop="recipeIngredient">' * 198 + text + "</div>" * 198 + "</div></body></html>")


def attributes():
    return "<html><body><div " + " ".join(f"a{i}" for i in range(600_000)) + ">x</div></body></html>"


def tiny_json():
    return "[" + ",".join(['{"a":1}'] * (4_800_000 // 8)) + "]"


def braces():
    return "[" + ",".join(["{}"] * (5 * MB // 3 - 1)) + "]"


def paragraphs():
    return "<html><body>" + "<p>" * (5 * MB // 3 - 10) + "</body></html>"


LINE = "1 g flour " * 490_000


def long_ingredient():
    return '{"@type":"Recipe","name":"Long","recipeIngredient":["' + LINE + '","2 eggs"]}'


def long_ingredient_script():
    return '<html><head><script type="application/ld+json">' + long_ingredient() + "</script></head><body></body></html>"


def long_ingredient_microdata():
    return ('<html><body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Long</h1>'
            '<p itemprop="recipeIngredient">' + LINE + '</p><p itemprop="recipeIngredient">2 eggs</p></div></body></html>')


PAGES = {
    "nested-microdata": nested_microdata,
    "attributes": attributes,
    "tiny-json": tiny_json,
    "braces": braces,
    "paragraphs": paragraphs,
    "long-ingredient": long_ingredient,
    "long-ingredient-microdata": long_ingredient_microdata,
    "long-ingredient-script": long_ingredient_script,
}


# Pages just inside the read's limits (what it must still read, and the most it then costs).

def elements_under():
    """99,000 elements with their texts: 198,000 of the 200,000 nodes a page may have."""
    return "<html><body>" + "<b>x</b>" * 99_000 + "</body></html>"


def json_under():
    """A recipe of 99,000 ingredient lines: just under the 100,000 JSON values."""
    return '{"@type":"Recipe","name":"Many","recipeIngredient":[' + ",".join(['"200 g flour, sifted twice"'] * 99_000) + "]}"


UNDER_LIMITS = {"elements-under": elements_under, "json-under": json_under}
PAGES.update(UNDER_LIMITS)


def page(name):
    """The page's bytes, and its content type."""
    body = PAGES[name]().encode()
    kind = "application/json" if body[:1] in (b"[", b"{") else "text/html; charset=utf-8"
    return body, kind

